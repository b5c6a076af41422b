import type { RoyalRoadClient } from '../../royalroad/client.ts';
import type { FictionsService } from '../fictions/fictions.service.ts';
import type { EventsService } from '../notifications/events.service.ts';
import type { RisingStarsService } from '../rising-stars/rising-stars.service.ts';

export interface ScrapeDeps {
  client: RoyalRoadClient;
  fictions: FictionsService;
  risingStars: RisingStarsService;
  now: () => Date;
  /** Rising Stars lists to capture, `main` first. */
  genres: readonly string[];
  /** Whether a Rising Stars capture is queued or running (a full refresh waits for it). */
  risingStarsActive: () => Promise<boolean>;
  /** Told of every list and fiction stored, to find what moved (alerts). */
  events?: EventsService;
}
