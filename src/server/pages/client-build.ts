import path from 'node:path';

// Where the build (scripts/build-recipe.ts: npm run build, npm start) leaves the files the server reads: the
// running server only reads them and never builds.

/** docs/performance.md#rendering-on-the-server: the server's build of the app (src/client/entry-server.tsx), beside the browser's files. */
export const serverBuildDir = (clientDir: string) => path.join(clientDir, '.server');
export const serverBuildFile = (clientDir: string) => path.join(serverBuildDir(clientDir), 'entry-server.js');
/** The staff panel's own bundle (src/panel/), beside the browser's files and never among them. */
export const panelBuildDir = (clientDir: string) => path.join(clientDir, '.panel');
export const panelIndexFile = (clientDir: string) => path.join(panelBuildDir(clientDir), 'index.html');
