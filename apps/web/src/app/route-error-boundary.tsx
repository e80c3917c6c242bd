import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  location: Location;
  error: unknown;
}

const lightgrey = 'rgba(200,200,200, 0.5)';

/**
 * What React Router's data router showed for an error while rendering a screen (or loading its
 * chunk): its default error element, until the location changes.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { location: this.props.location, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location !== state.location ? { location: props.location, error: undefined } : null;
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={{ padding: '0.5rem', backgroundColor: lightgrey }}>{stack}</pre> : null}
      </>
    );
  }
}
