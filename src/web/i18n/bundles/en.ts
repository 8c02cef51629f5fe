/** The en texts loaded at start: every area but those loaded on demand (merge.ts ON_DEMAND_AREAS). */
import { areasOf, mergeAreas, type Messages } from '../merge';

export default mergeAreas(areasOf(import.meta.glob<Messages>(['../locales/en/*.json', '!../locales/en/pages.json'], { eager: true, import: 'default' })));
