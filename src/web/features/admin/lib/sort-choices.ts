/** The choices of a list's sort select: every column both ways, labelled from `<area>.sorts.<column>_<order>`. */
import type { TFunction } from 'i18next';
import type { SortChoice } from '../components/list-toolbar';

/** The choices for `sorts` with the labels of translation area `area` ('adminUsers'). */
export function sortChoices(t: TFunction, area: string, sorts: readonly string[]): SortChoice[] {
  return sorts.flatMap((sort) => (['asc', 'desc'] as const).map((order) => ({ sort, order, label: t(`${area}.sorts.${sort}_${order}`) })));
}
