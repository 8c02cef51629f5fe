/** What a signed-in newcomer without a group sees: create a group, join one with a code, or browse public ones. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths';
import { ChevronIcon, KeyIcon, PlusIcon } from './icons';

const tile = 'flex h-full items-start gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 transition hover:ring-emerald-400 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600';

/** The section "You are not in a group yet" (h2) with the two ways in. */
export function FirstSteps() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="home-first-steps" className="space-y-3">
      <h2 id="home-first-steps" className="text-xl font-bold text-slate-900">{t('memberHome.emptyTitle')}</h2>
      <p className="text-slate-700">{t('memberHome.emptyBody')}</p>
      <ul className="grid grid-cols-1 gap-3 desk:grid-cols-2">
        <li>
          <Link to={paths.createGroup} className={tile}>
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-emerald-700 text-white"><PlusIcon /></span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{t('home.createGroup')}</span>
              <span className="mt-1 block text-sm text-slate-600">{t('memberHome.createBody')}</span>
            </span>
            <ChevronIcon className="mt-2 h-4 w-4 shrink-0 text-slate-500" />
          </Link>
        </li>
        <li>
          <Link to={paths.joinGroup()} className={tile}>
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-800 ring-1 ring-inset ring-emerald-200"><KeyIcon /></span>
            <span className="min-w-0 flex-1">
              <span className="block font-semibold text-slate-900">{t('home.joinGroup')}</span>
              <span className="mt-1 block text-sm text-slate-600">{t('memberHome.joinBody')}</span>
            </span>
            <ChevronIcon className="mt-2 h-4 w-4 shrink-0 text-slate-500" />
          </Link>
        </li>
      </ul>
      <p className="text-sm text-slate-700">
        {t('memberHome.discoverBefore')}{' '}
        <Link to={paths.groups} className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900">{t('memberHome.discoverLink')}</Link>
      </p>
    </section>
  );
}
