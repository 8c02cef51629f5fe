/// <reference types="vite-plugin-pwa/react" />
/** Values Vite writes into the bundle at build time (vite.config.ts `define`). */
/** package.json's version, e.g. "0.3.5". */
declare const __APP_VERSION__: string;
/** The build id: the short git commit the app was built from (or BUILD_ID). */
declare const __APP_BUILD__: string;
