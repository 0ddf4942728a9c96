import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/mock-api.ts';
import { demoStudent, renderApp } from '../../../test/render-app.tsx';

const profile = { ...demoStudent, academic_level: 'Class 12' };
const SERVER_KEY = 'BAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA8';
const endpoint = 'https://push.example.net/device-1';
const keys = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

/** A browser that can push: its permission answer, and the subscription it holds (none until subscribe). */
function pushBrowser(answer: NotificationPermission, permission: NotificationPermission = 'default') {
  const subscription = { endpoint, toJSON: () => ({ endpoint, keys }), unsubscribe: vi.fn(async () => true) };
  let held: typeof subscription | null = permission === 'granted' ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => held),
    subscribe: vi.fn(async () => (held = subscription)),
  };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', Object.assign(class {}, { permission, requestPermission: vi.fn(async () => answer) }));
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => ({ pushManager }) },
  });
  return { pushManager, subscription };
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

const api = () =>
  mockApi({
    '/Student/get_profile': () => ok(profile),
    '/Student/push_key': () => ok({ public_key: SERVER_KEY }),
    '/Student/push_subscribe': () => ok(null),
    '/Student/push_unsubscribe': () => ok(null),
  });
const pushCalls = (calls: ReturnType<typeof api>) =>
  calls.filter((call) => call.path.startsWith('/Student/push')).map(({ path, body }) => ({ path, body }));

describe('Remind me of classes (profile)', () => {
  it('turns on: asks the browser, subscribes with the server key and saves the subscription', async () => {
    const { pushManager } = pushBrowser('granted');
    const calls = api();
    const { user } = renderApp('/profile');
    const toggle = await screen.findByRole('switch', { name: 'Remind me of classes' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(screen.getByText('Reminders are on')).toBeInTheDocument();
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect(Array.from(options.applicationServerKey as Uint8Array).slice(0, 2)).toEqual([4, 0]);
    expect(pushCalls(calls)).toEqual([
      { path: '/Student/push_key', body: { stud_id: demoStudent.stud_id } },
      {
        path: '/Student/push_subscribe',
        body: { stud_id: demoStudent.stud_id, endpoint, keys, language: 'en' },
      },
    ]);
  });

  it('says how to allow notifications when the browser blocks them, and subscribes nothing', async () => {
    const { pushManager } = pushBrowser('denied');
    const calls = api();
    const { user } = renderApp('/profile');
    await user.click(await screen.findByRole('switch', { name: 'Remind me of classes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Notifications are blocked for this portal/);
    expect(screen.getByRole('switch', { name: 'Remind me of classes' })).toHaveAttribute('aria-checked', 'false');
    expect(pushManager.subscribe).not.toHaveBeenCalled();
    expect(pushCalls(calls)).toEqual([]);
  });

  it('shows on for a device already subscribed, and turning off removes it on the server and the device', async () => {
    const { subscription } = pushBrowser('granted', 'granted');
    const calls = api();
    const { user } = renderApp('/profile');
    const toggle = await screen.findByRole('switch', { name: 'Remind me of classes' });
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(pushCalls(calls).at(-1)).toEqual({
      path: '/Student/push_unsubscribe',
      body: { stud_id: demoStudent.stud_id, endpoint },
    });
  });

  it('explains a browser that cannot push, with no switch', async () => {
    api();
    renderApp('/profile');
    expect(await screen.findByText(/This browser cannot show reminders/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});
