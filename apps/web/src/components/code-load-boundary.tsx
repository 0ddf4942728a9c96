import { Component, type ReactNode } from 'react';
import { reloadIfNewBuild } from '../lib/new-build.ts';
import { retryFailedCode } from '../lib/preloadable-lazy.tsx';
import { ErrorPage } from './status-views.tsx';

interface Props {
  /** Changes with the address: going elsewhere (Back included) tries again. */
  resetKey: string;
  children: ReactNode;
}

/**
 * What a student sees when a screen's code cannot be loaded (a network blip, or file names gone after a redeploy)
 * once its retries are spent (lib/preloadable-lazy.tsx), instead of a white page: the error view and Try again,
 * which tries once more. Coming back online tries again by itself, and when the portal was redeployed meanwhile
 * the page reloads once, onto the new version.
 */
export class CodeLoadBoundary extends Component<Props, { failed: boolean; resetKey: string }> {
  override state = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; resetKey: string }) {
    if (props.resetKey === state.resetKey) return null;
    // Before the new address draws: coming back to a screen whose code failed tries it again (once; a second call finds nothing).
    retryFailedCode();
    return { failed: false, resetKey: props.resetKey };
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
    retryFailedCode();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <ErrorPage onRetry={this.retry} /> : this.props.children;
  }
}
