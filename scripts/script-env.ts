import { DatabaseConnectError } from "../app/db/client.server";
import { ConfigError, loadEnv, setEnv, type Env } from "../app/lib/env.server";

/** Runs a command-line script with the server's configuration; bad configuration ends it with one line. */
export async function runScript(main: (env: Env) => Promise<void>): Promise<void> {
  try {
    const env = loadEnv();
    setEnv(env);
    await main(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Error: environment variable ${error.message}`);
      process.exit(1);
    }
    if (error instanceof DatabaseConnectError) {
      console.error(`Error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
