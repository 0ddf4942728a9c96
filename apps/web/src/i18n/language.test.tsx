import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../test/mock-api.ts';
import { renderApp } from '../../test/render-app.tsx';
import { formatDateTime } from '../lib/date-time.ts';
import {
  chooseLanguage,
  LANGUAGE_STORAGE_KEY,
  setLanguageLoaders,
  startLanguage,
  translateMessage,
} from './language.ts';

afterEach(() => chooseLanguage('en'));

// Whole-app renders with accessible-name queries are slow in jsdom on a busy machine.
describe('choosing Hindi', { timeout: 20_000 }, () => {
  it('on the login screen: the screen, its title and <html lang> change, and the choice is remembered', async () => {
    mockApi({ '/Auth/whatsapp_chat': () => ok({ link: 'https://wa.me/919000000000' }) });
    const { user } = renderApp('/login', null);
    expect(await screen.findByRole('heading', { name: 'Portal login' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'पोर्टल लॉगिन' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'कोड भेजें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'हिन्दी' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('hi');
    await waitFor(() => expect(document.title).toBe('पोर्टल लॉगिन'));
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    // The phone field's hint, in Hindi.
    expect(screen.getByLabelText('मोबाइल नंबर')).toHaveAccessibleDescription('+91 दूसरा देश? + और उसके कोड से शुरू करें।');
  });

  it('stays in English and says so when Hindi cannot be loaded (offline before it was ever saved)', async () => {
    setLanguageLoaders({ hi: () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')) });
    try {
      mockApi({ '/Auth/whatsapp_chat': () => ok({ link: 'https://wa.me/919000000000' }) });
      const { user } = renderApp('/login', null);
      await user.click(await screen.findByRole('button', { name: 'हिन्दी' }));
      expect(await screen.findByText('Check the connection and try again.')).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Portal login' })).toBeInTheDocument();
      expect(document.documentElement.lang).toBe('en');
      expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBeNull();
    } finally {
      setLanguageLoaders({ hi: async () => (await import('./hi.ts')).hindi });
    }
  });

  it('comes back at the next start from the device, before anything is drawn', async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
    await startLanguage();
    expect(document.documentElement.lang).toBe('hi');
    mockApi({});
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'स्वागत है, Arjun Sharma' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /मेरे विषय/ })).toBeInTheDocument();
  });

  it('from the user menu, and back to English', async () => {
    mockApi({});
    const { user } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: /User menu/, expanded: false }));
    await user.click(await screen.findByRole('menuitem', { name: 'Language: English' }));
    expect(await screen.findByRole('heading', { name: 'स्वागत है, Arjun Sharma' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /उपयोगकर्ता मेन्यू/, expanded: false }));
    await user.click(await screen.findByRole('menuitem', { name: 'भाषा: हिन्दी' }));
    expect(await screen.findByRole('heading', { name: 'Welcome, Arjun Sharma' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it("puts the server's messages, values and all, and dates into Hindi", async () => {
    await chooseLanguage('hi');
    expect(translateMessage('Wrong code. You have 3 tries left.')).toBe('गलत कोड। आपके पास 3 प्रयास बचे हैं।');
    expect(translateMessage('Too many codes were sent to this number. Please try again in 12 minutes.')).toBe(
      'इस नंबर पर बहुत ज़्यादा कोड भेजे गए। कृपया 12 मिनट बाद फिर से कोशिश करें।',
    );
    expect(translateMessage('That quiz was not found.')).toBe('यह क्विज़ नहीं मिला।');
    expect(translateMessage('A message nobody translated.')).toBe('A message nobody translated.');
    expect(formatDateTime('2026-11-24T06:30:00Z', 'date')).toBe('24 नव॰ 2026');
  });

  it('shows a wrong code in Hindi on the code step', async () => {
    await chooseLanguage('hi');
    mockApi({
      '/Auth/whatsapp_chat': () => ok({ link: 'https://wa.me/919000000000' }),
      '/Auth/login': () =>
        ok(
          { otp_ref: 'ref-aaaaaaaaaaaaaaaaaaaa', resend_after: 30, otp_length: 4 },
          'We sent a code to your registered mobile number.',
        ),
      '/Auth/verifyOTP': () => ({
        status: 200,
        body: { status: false, message: 'Wrong code. You have 4 tries left.', code: 'code_wrong', tries_left: 4 },
      }),
    });
    const { user } = renderApp('/login', null);
    await user.click(await screen.findByLabelText('मोबाइल नंबर'));
    await user.keyboard('9876543210');
    await user.click(screen.getByRole('button', { name: 'कोड भेजें' }));
    await user.click(await screen.findByLabelText('4 में से अंक 1'));
    await user.keyboard('1234');
    await user.click(screen.getByRole('button', { name: 'जमा करें' }));
    expect(await screen.findByText('गलत कोड। आपके पास 4 प्रयास बचे हैं।')).toBeInTheDocument();
  });
});
