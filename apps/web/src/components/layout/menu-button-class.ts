/** Shared by the menu button and its placeholder so both take exactly the same room. */
export const menuButtonClass =
  'flex h-10 shrink-0 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 text-sm font-medium hover:bg-slate-100';
