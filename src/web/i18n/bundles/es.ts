/** The es texts loaded at start: the areas of merge.ts START_AREAS (the others load with their screens). */
import { areasOf, mergeAreas, type Messages } from '../merge';

export default mergeAreas(areasOf(import.meta.glob<Messages>([
  '../locales/es/common.json', '../locales/es/home.json', '../locales/es/shell.json',
], { eager: true, import: 'default' })));
