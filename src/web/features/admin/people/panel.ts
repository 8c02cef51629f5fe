/** The white surface of a detail page's sections. */
export const PANEL = 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';
