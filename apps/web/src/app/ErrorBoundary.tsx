import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

interface Props {
  children: ReactNode;
  /** When this changes (the next navigation), a shown error is cleared and the children render again. */
  resetKey?: unknown;
}
interface State {
  error: Error | null;
}

/** Catches render errors anywhere below it and shows the fallback page instead of a blank screen. */
export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Application error', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.error !== null && previous.resetKey !== this.props.resetKey)
      this.setState({ error: null });
  }

  override render() {
    if (this.state.error !== null) return <ErrorFallback error={this.state.error} />;
    return this.props.children;
  }
}
