import { Component, type ReactNode } from 'react';
import { reloadIfNewBuild } from '../lib/new-build.ts';
import { t } from '../i18n/language.ts';

interface Props {
  /** Changes with the address: going elsewhere (Back included) tries again. */
  resetKey: string;
  children: ReactNode;
}

/**
 * What a student sees when a screen's code cannot be loaded (a network blip, or file names gone after a redeploy)
 * instead of a white page: a plain message and Try again. Coming back online tries again by itself, and when the
 * portal was redeployed meanwhile the page reloads once, onto the new version.
 */
export class CodeLoadBoundary extends Component<Props, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch() {
    void reloadIfNewBuild();
    window.addEventListener('online', this.retry);
  }

  override componentWillUnmount() {
    window.removeEventListener('online', this.retry);
  }

  retry = () => {
    window.removeEventListener('online', this.retry);
    this.setState({ failed: false });
  };

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto flex min-h-48 max-w-md flex-col items-center justify-center gap-3 px-4 text-center">
        <p className="text-lg font-semibold text-red-700">{t('This screen could not be loaded.')}</p>
        <p className="text-slate-700">{t('Check the connection and try again.')}</p>
        <button
          type="button"
          onClick={this.retry}
          className="rounded-md border border-slate-400 px-4 py-2 font-medium text-slate-800 hover:bg-slate-100"
        >
          {t('Try again')}
        </button>
      </div>
    );
  }
}
