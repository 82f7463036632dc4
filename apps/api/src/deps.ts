import type { Config } from './config';
import type { Database } from './db/client';
import type { Mailer } from './lib/mailer';
import type { ThrottleStore } from './lib/throttle';
import type { TokenService } from './lib/tokens';

/** Everything the app needs from outside, built once by the server (or a test) and passed in. */
export interface AppDeps {
  config: Config;
  database: Database;
  tokens: TokenService;
  throttle: ThrottleStore;
  mailer: Mailer;
}
