import { z } from 'zod';

// Zod compiles fast object parsers with `new Function` unless told not to, and decides so when each schema is
// built. In a browser the app's Content-Security-Policy allows no eval, so the attempt would be refused (and
// reported) on every page: there, schemas are built without it. This module is imported first by the package's
// index, before any schema exists; on the server, where nothing forbids it, the compiled parsers stay.
if ('window' in globalThis && 'document' in globalThis) z.config({ jitless: true });
