import { Component, type ReactNode } from 'react';
import { reportError } from '../../lib/report-error';

interface Props {
  fallback: ReactNode;
  /** A new value clears a caught error, e.g. when the visitor picks another day or fresh data arrives. */
  resetKey: string;
  children: ReactNode;
}

/** spec §8: the winners table renders inside a boundary; a failure shows a message instead of a blank page. */
export class ErrorBoundary extends Component<Props, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  // spec §7: the developers' message ('Invalid data format: expected an array', 'Failed to fetch draw
  // data') goes to the console and to the operator; the visitor reads the fallback.
  override componentDidCatch(error: Error) {
    console.error(error.message);
    reportError('winners-render', error.message);
  }

  override componentDidUpdate(previous: Props) {
    if (this.state.hasError && previous.resetKey !== this.props.resetKey) this.setState({ hasError: false });
  }

  override render() {
    return this.state.hasError ? this.props.fallback : this.props.children;
  }
}
