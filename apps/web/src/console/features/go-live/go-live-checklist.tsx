import { Link } from 'wouter';
import { useGoLive } from './api/get-go-live.ts';
import { goLiveSteps } from './go-live-steps.ts';

const order = ['own_admin', 'sms_gateway', 'chat_and_name', 'demo_removed', 'backup'] as const;

/**
 * The Overview's list of what is left to go from the demo to the institute's own portal (docs/operations.md, "Going
 * live"), for admins, until every step is done. Quiet while it loads or fails, like the other panels.
 */
export default function GoLiveChecklist() {
  const state = useGoLive().data;
  if (!state || state.items.every((item) => item.done === true)) return null;
  const byKey = new Map(state.items.map((item) => [item.key, item]));
  return (
    <section aria-labelledby="go-live" className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <h2 id="go-live" className="font-semibold text-amber-950">
        Going live
      </h2>
      <p className="text-slate-800">Until these are done, this is still the demo portal.</p>
      <ol className="space-y-3">
        {order.map((key) => {
          const item = byKey.get(key);
          if (!item) return null;
          const step = goLiveSteps[key];
          const state = item.done === true ? 'Done' : item.done === null ? 'Not known' : 'To do';
          return (
            <li key={key} className="rounded-md border border-amber-200 bg-white p-3">
              <p className="font-semibold">
                <span className={item.done === true ? 'text-green-800' : 'text-amber-900'}>{state}:</span>{' '}
                {step.href && item.done !== true ? (
                  <Link href={step.href} className="text-blue-800 underline">
                    {step.label}
                  </Link>
                ) : (
                  step.label
                )}
              </p>
              <p className="text-sm break-words text-slate-700">{item.detail}</p>
              {item.done === true ? null : <p className="text-sm break-words text-slate-700">{step.how}</p>}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
