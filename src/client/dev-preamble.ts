// Development only: the React Refresh runtime must be installed before any component module runs.
// @ts-expect-error served by @vitejs/plugin-react in development, not a real file
import RefreshRuntime from '/@react-refresh';

RefreshRuntime.injectIntoGlobalHook(window);
Object.assign(window, {
  $RefreshReg$: () => {},
  $RefreshSig$: () => (type: unknown) => type,
  __vite_plugin_react_preamble_installed__: true,
});
