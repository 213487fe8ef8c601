import { LocalBus } from './bus.js';

/** Tests: the bus of a PostgreSQL copy between losing its listening connection and listening again. */
export class DeafBus extends LocalBus {
  override readonly listening = false;
}
