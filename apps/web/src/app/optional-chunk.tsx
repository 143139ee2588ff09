import { Component, type ComponentType, type LazyExoticComponent, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';

/**
 * A part of the shell whose code comes in its own chunk and that a screen can do without (the
 * seller strip). If the chunk cannot be fetched — the connection dropped while it loaded — the
 * part shows nothing instead of failing the whole app (React's lazy rethrows the failed import to
 * the router's error screen), and its import is tried again when the device is back online.
 */
export interface OptionalChunkSource {
  load: () => Promise<{ default: ComponentType }>;
  /** One lazy component for every mount (a remount after a navigation does not suspend again), replaced only after a failure: React's lazy keeps a failed import failed. */
  part: LazyExoticComponent<ComponentType>;
}

export function optionalChunk(load: OptionalChunkSource['load']): OptionalChunkSource {
  return { load, part: lazy(load) };
}

export function OptionalChunk({ source }: { source: OptionalChunkSource }) {
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!failed) return;
    const retry = () => {
      source.part = lazy(source.load);
      setFailed(false);
      setAttempt((n) => n + 1);
    };
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [failed, source]);
  if (failed) return null;
  const Part = source.part;
  return (
    <QuietBoundary key={attempt} onError={() => setFailed(true)}>
      <Suspense fallback={null}>
        <Part />
      </Suspense>
    </QuietBoundary>
  );
}

/** Shows nothing in place of a child that threw, and tells its parent. */
class QuietBoundary extends Component<{ onError: () => void; children: ReactNode }, { threw: boolean }> {
  override state = { threw: false };

  static getDerivedStateFromError() {
    return { threw: true };
  }

  override componentDidCatch() {
    this.props.onError();
  }

  override render() {
    return this.state.threw ? null : this.props.children;
  }
}
