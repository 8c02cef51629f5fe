/** The en texts loaded at start: the areas of merge.ts START_AREAS (the others load with their screens). */
import { areasOf, mergeAreas, type Messages } from '../merge';

export default mergeAreas(areasOf(import.meta.glob<Messages>([
  '../locales/en/common.json', '../locales/en/home.json', '../locales/en/shell.json',
], { eager: true, import: 'default' })));
