// A chart drawn by ApexCharts on the client only (docs/architecture.md): the server and the first render show
// nothing here (the widget's table carries the numbers); once hydrated the chart chunk is loaded
// lazily, and a chunk that has not arrived after CHUNK_LOAD_TIMEOUT_MS shows the chunk-load error.
import { Component, lazy, Suspense, type ComponentType, type ReactNode } from "react";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../../domain/constants";
import { MESSAGES } from "../../../domain/messages";
import { useHydrated } from "../../lib/use-hydrated";
import type { ApexChartProps } from "./types";

let chunk: Promise<{ default: ComponentType<ApexChartProps> }> | null = null;

/** The chart chunk, once per page; rejected when it has not loaded in time. */
function loadChartChunk(): Promise<{ default: ComponentType<ApexChartProps> }> {
  chunk ??= new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(MESSAGES.chunkLoadError)), CHUNK_LOAD_TIMEOUT_MS);
    import("./apex-impl").then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
  // A failed load may be retried by the next page view (a reload).
  chunk.catch(() => {
    chunk = null;
  });
  return chunk;
}

const ApexChart = lazy(loadChartChunk);

class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (this.state.failed) {
      return (
        <p role="alert" className="text-sm text-red-700" data-testid="chart-chunk-error">
          {MESSAGES.chunkLoadError}
        </p>
      );
    }
    return this.props.children;
  }
}

export function LazyChart(props: ApexChartProps) {
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <ChunkBoundary>
      <Suspense
        fallback={
          <p className="text-sm text-slate-500" data-testid="chart-loading">
            {MESSAGES.widgetsUi.loadingChart}
          </p>
        }
      >
        <div data-testid="chart" aria-hidden="true">
          <ApexChart {...props} />
        </div>
      </Suspense>
    </ChunkBoundary>
  );
}
