/** Toolbar buttons of the viewer: at least 36 px square for fingers. */
export const toolButton =
  'inline-flex min-h-9 min-w-9 items-center justify-center rounded-lg border border-slate-300 bg-white font-medium hover:bg-slate-50 disabled:opacity-40';
