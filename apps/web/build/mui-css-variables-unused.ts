/**
 * Stands in, in the production build, for MUI's modules that build and provide themes on CSS
 * variables (vite.config.ts, `muiWithoutCssVariables`): the app's theme does not use them.
 */
function unused(): never {
  throw new Error(
    'This build leaves out MUI themes built on CSS variables (apps/web/vite.config.ts, muiWithoutCssVariables)',
  );
}

export default unused;
export const CssVarsProvider = unused;
