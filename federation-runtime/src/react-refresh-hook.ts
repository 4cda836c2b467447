// Development builds of the shell only (docs/decisions/090): React Fast Refresh finds React's
// renderer through the global hook React registers with when react-dom loads (the one React
// DevTools also uses). The shell loads react-dom for every app of the page (a federation
// singleton), so it installs the hook first, one that keeps the renderers registered with it as
// DevTools' does: each remote's refresh runtime (its dev server's build) joins later, finds the
// renderer there and refreshes the remote's components in place when their sources change.
import { injectIntoGlobalHook } from 'react-refresh/runtime';

interface DevToolsHook {
  renderers: Map<number, unknown>;
  supportsFiber: boolean;
  inject(renderer: unknown): number;
  onScheduleFiberRoot(): void;
  onCommitFiberRoot(): void;
  onCommitFiberUnmount(): void;
}

const page = window as Window & { __REACT_DEVTOOLS_GLOBAL_HOOK__?: DevToolsHook };
if (!page.__REACT_DEVTOOLS_GLOBAL_HOOK__) {
  const renderers = new Map<number, unknown>();
  page.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    renderers,
    supportsFiber: true,
    inject(renderer) {
      const id = renderers.size + 1;
      renderers.set(id, renderer);
      return id;
    },
    onScheduleFiberRoot() {},
    onCommitFiberRoot() {},
    onCommitFiberUnmount() {},
  };
}
injectIntoGlobalHook(window);
