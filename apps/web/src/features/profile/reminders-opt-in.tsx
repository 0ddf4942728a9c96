import { useEffect, useState } from 'react';
import { msg, t } from '../../i18n/language.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useStudentId } from '../../lib/session-store.ts';
import { currentSubscription, pushUnsupported, saveSubscription, subscribe, unsubscribe } from './api/push.ts';

type State =
  | { kind: 'checking' }
  | { kind: 'unsupported'; why: string }
  | { kind: 'off' | 'on'; problem?: string }
  | { kind: 'busy'; was: 'off' | 'on' };

const BLOCKED = msg(
  'Notifications are blocked for this portal. Allow them in the browser’s site settings (the lock beside the address), then try again.',
);
const NO_WORKER = msg('The app is still getting ready on this device. Reload the page and try again.');

/**
 * "Remind me of classes": this device gets a notification before each of the student's live classes and when the
 * institute announces news (docs/decisions/075). Loaded on its own, after the profile, never with the first screen.
 */
export default function RemindersOptIn() {
  const studentId = useStudentId();
  const [state, setState] = useState<State>({ kind: 'checking' });

  useEffect(() => {
    let live = true;
    const why = pushUnsupported();
    if (why) {
      setState({ kind: 'unsupported', why });
      return;
    }
    void (async () => {
      const subscription = Notification.permission === 'granted' ? await currentSubscription() : null;
      if (!live) return;
      setState({ kind: subscription ? 'on' : 'off' });
      // Said again each time: the server keeps it with this session, which may be newer than the subscription.
      if (subscription) await saveSubscription(studentId, subscription).catch(() => undefined);
    })().catch(() => live && setState({ kind: 'off' }));
    return () => {
      live = false;
    };
  }, [studentId]);

  const turn = async (on: boolean) => {
    const was = on ? 'off' : 'on';
    setState({ kind: 'busy', was });
    try {
      if (!on) {
        await unsubscribe(studentId);
        setState({ kind: 'off' });
        return;
      }
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState({
          kind: 'off',
          problem: permission === 'denied' ? t(BLOCKED) : t('Reminders need your permission to show notifications.'),
        });
        return;
      }
      const done = await subscribe(studentId);
      setState(done === 'ok' ? { kind: 'on' } : { kind: 'off', problem: t(NO_WORKER) });
    } catch (error) {
      setState({
        kind: was,
        problem:
          error instanceof ApiError ? error.message : t('This browser refused to turn reminders on. Please try again.'),
      });
    }
  };

  if (state.kind === 'checking') return null;
  const on = state.kind === 'on' || (state.kind === 'busy' && state.was === 'off');
  return (
    <section
      aria-labelledby="reminders-heading"
      className="mx-auto mt-4 max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="reminders-heading" className="font-semibold">
        {t('Remind me of classes')}
      </h2>
      {state.kind === 'unsupported' ? (
        <p className="mt-2 text-slate-700">{t(state.why)}</p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-600">
            {t('A notification on this device before each of your live classes, and when the institute posts news.')}
          </p>
          <button
            type="button"
            role="switch"
            aria-checked={on}
            aria-labelledby="reminders-heading"
            aria-describedby={'problem' in state && state.problem ? 'reminders-problem' : undefined}
            disabled={state.kind === 'busy'}
            onClick={() => void turn(!on)}
            className="mt-3 inline-flex min-h-11 items-center gap-3 rounded-md border border-slate-400 px-4 font-medium hover:bg-slate-100 disabled:opacity-60"
          >
            <span
              aria-hidden="true"
              className={`inline-block h-5 w-9 rounded-full p-0.5 transition-colors ${on ? 'bg-blue-700' : 'bg-slate-300'}`}
            >
              <span
                className={`block h-4 w-4 rounded-full bg-white transition-transform ${on ? 'translate-x-4' : ''}`}
              />
            </span>
            {state.kind === 'busy' ? t('Please wait…') : on ? t('Reminders are on') : t('Reminders are off')}
          </button>
          {'problem' in state && state.problem ? (
            <p id="reminders-problem" role="alert" className="mt-2 text-sm text-red-700">
              {state.problem}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
