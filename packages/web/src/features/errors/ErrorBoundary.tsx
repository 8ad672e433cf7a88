import { Component, type ReactNode } from 'react';
import { InternalError } from './InternalError';

interface State {
  error: Error | null;
}

/** A render error anywhere below shows the Internal Error page, whose retry renders again. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (error) return <InternalError message={error.message} onRetry={this.retry} />;
    return this.props.children;
  }
}
