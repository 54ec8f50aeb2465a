import { startStandalone } from './app.ts';

/** `npm start`: the whole product in one process. Failures at start print one clear line and exit 1. */
try {
  const running = await startStandalone();
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  console.log(`PocketGuide is running at ${running.url}`);
} catch (error) {
  console.error(`\nPocketGuide could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
