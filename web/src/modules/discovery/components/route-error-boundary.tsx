import { TriangleAlert } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';

/**
 * One per route: a screen that throws shows this instead of blanking the app; the
 * header and navigation keep working, and going to another route starts clean (keyed by path).
 */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    // The shell's monitor listens for window errors; keep the component stack in the console too.
    console.error(error, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <section aria-labelledby="page-title" role="alert" className="state state-error">
        <span className="state-icon" aria-hidden="true">
          <TriangleAlert size={24} />
        </span>
        <h1 id="page-title" className="state-title">
          Something went wrong on this page
        </h1>
        <p className="state-text">{this.state.error.message}</p>
        <div className="row state-action">
          <button type="button" className="btn btn-primary" onClick={() => this.setState({ error: null })}>
            Try again
          </button>
          <a className="btn" href="/">
            Go to the home page
          </a>
        </div>
      </section>
    );
  }
}
