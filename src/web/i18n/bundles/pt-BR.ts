/** The pt-BR texts loaded at start: the areas of merge.ts START_AREAS (the others load with their screens). */
import { areasOf, mergeAreas, type Messages } from '../merge';

export default mergeAreas(areasOf(import.meta.glob<Messages>([
  '../locales/pt-BR/common.json', '../locales/pt-BR/home.json', '../locales/pt-BR/shell.json',
], { eager: true, import: 'default' })));
