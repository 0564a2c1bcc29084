/** A running pouchdb-server. */
export interface CouchServer {
  /** The server's root URL, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Creates a fresh, empty database and returns its URL. */
  database(prefix?: string): Promise<string>;
  /** Kills the server and removes its working folder. */
  stop(): Promise<void>;
}
export declare function startCouchServer(): Promise<CouchServer>;
