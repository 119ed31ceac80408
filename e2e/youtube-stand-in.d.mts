// Types of youtube-stand-in.mjs, for the server's API tests and the browser tests written in TypeScript.

export interface StandInVideo {
  id: string;
  title: string;
  description: string;
  /** ISO 8601, as the API writes it: `PT4M13S`. */
  duration: string;
  publishedAt: string;
  privacyStatus: 'public' | 'unlisted' | 'private';
  embeddable: boolean;
  uploadStatus: string;
  liveBroadcastContent: string;
  defaultAudioLanguage?: string;
}

export interface StandInChannel {
  id: string;
  uploads: string;
  title: string;
  videos: StandInVideo[];
}

export interface YoutubeStandIn {
  url: string;
  /** What YOUTUBE_API_URL should be. */
  apiUrl: string;
  channelOf(login: string): StandInChannel | null;
  setChannel(login: string, channel: StandInChannel | null): void;
  failNext(failure: { code: number; status?: string; reason?: string; message?: string }): void;
  requests(): { resource: string; query: Record<string, string> }[];
  close(): Promise<void>;
}

export function defaultChannel(login: string): StandInChannel | null;
export function videoIdOf(seed: string): string;
export function startYoutubeStandIn(options: {
  oidc: { issuer: string; clientId: string; clientSecret: string };
  port?: number;
}): Promise<YoutubeStandIn>;
