import type { RoyalRoadClient } from '../../royalroad/client.ts';
import type { FictionsRepository } from '../fictions/fictions.repository.ts';
import type { RisingStarsRepository } from '../rising-stars/rising-stars.repository.ts';

export interface ScrapeDeps {
  client: RoyalRoadClient;
  fictions: FictionsRepository;
  risingStars: RisingStarsRepository;
  now: () => Date;
  /** Rising Stars lists to capture, `main` first. */
  genres: readonly string[];
  /** Whether a Rising Stars capture is queued or running (a full refresh waits for it). */
  risingStarsActive: () => Promise<boolean>;
}
