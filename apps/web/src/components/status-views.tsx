/** The three generic views every data screen shares (spec section 2). */
export function Loader() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-48 items-center justify-center gap-3 text-slate-600">
      <span className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-blue-700" aria-hidden="true" />
      Loading...
    </div>
  );
}

export function NoData() {
  return <p className="flex min-h-48 items-center justify-center text-slate-600">No Data Available</p>;
}

export function ErrorPage() {
  return (
    <div role="alert" className="flex min-h-48 flex-col items-center justify-center gap-2 text-center">
      <p className="text-lg font-semibold text-red-700">Something went wrong</p>
    </div>
  );
}

export function OfflineNoData() {
  return (
    <p role="status" className="flex min-h-48 items-center justify-center text-center text-slate-600">
      You are offline, and this page was not saved on this device. It opens once you are back online.
    </p>
  );
}
