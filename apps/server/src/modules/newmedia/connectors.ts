/**
 * Connectors to short-video platform APIs (Douyin, Kuaishou, WeChat Channels…). None is configured by default:
 * a company's data comes in through the CSV/Excel imports. A connector fetches the same rows the media-videos
 * import takes (the table the template describes, header first), so its rows pass the same row-by-row validation
 * and storage: `importMediaVideos(db, ctx, await connector.fetchRows(ctx.companyId, since))`.
 */
interface PlatformConnector {
  /** Platform code as in MEDIA_PLATFORMS (douyin, kuaishou, shipinhao). */
  readonly platform: string;
  /** Whether the connector has what it needs (credentials from its own environment variables). */
  configured(): boolean;
  /** The company's works and account figures since a day (YYYY-MM-DD), as import rows with the template header. */
  fetchRows(companyId: number, since: string): Promise<string[][]>;
}

/** The configured connectors: none by default (see README, "Imports and connectors"). */
const _connectors: PlatformConnector[] = [];
