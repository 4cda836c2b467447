import { Component } from 'react';
import type { ErrorInfo, ReactNode } from 'react';
import { RemoteFallback } from './RemoteFallback';
import { reportRemoteFailure } from './rollout-report';

interface Props {
  remote: string;
  children: ReactNode;
}

/** Layer two: a page that failed to load or threw while rendering shows the fallback. */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Page from remote "${this.props.remote}" failed`, error, info.componentStack);
    reportRemoteFailure(this.props.remote, 'hydration');
  }

  override render() {
    return this.state.failed ? <RemoteFallback remote={this.props.remote} /> : this.props.children;
  }
}
