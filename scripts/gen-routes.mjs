// Writes src/client/routeTree.gen.ts from the route files, with the same settings as the Vite
// plugin, so `npm run typecheck` works before any build has run.
import { Generator, getConfig } from '@tanstack/router-generator';

const root = process.cwd();
const config = getConfig(
  {
    target: 'react',
    autoCodeSplitting: true,
    routesDirectory: './src/client/routes',
    generatedRouteTree: './src/client/routeTree.gen.ts',
  },
  root,
);
await new Generator({ config, root }).run();
