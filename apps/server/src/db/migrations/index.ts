import type { Migration } from 'kysely/migration';
import * as users from './2026_11_21_1000_users.ts';
import * as scraping from './2026_11_21_1100_scraping.ts';
import * as userFictions from './2026_11_21_1200_user_fictions.ts';
import * as tokenVersion from './2026_11_21_1300_token_version.ts';
import * as donations from './2026_11_21_1400_donations.ts';
import * as listVersion from './2026_11_21_1500_list_version.ts';
import * as refreshRequests from './2026_11_25_1000_refresh_requests.ts';
import * as subscriptions from './2026_11_25_1100_subscriptions.ts';
import * as emailVerification from './2026_11_26_1000_email_verification.ts';
import * as oauthExchangeCodes from './2026_11_26_1100_oauth_exchange_codes.ts';
import * as donationClientSecrets from './2026_11_26_1110_donation_client_secrets.ts';
import * as scrapeAttempts from './2026_11_26_1200_scrape_attempts.ts';
import * as notifications from './2026_11_27_1700_notifications.ts';
import * as discovery from './2026_11_27_1900_discovery.ts';
import * as risingStarPlaces from './2026_11_28_1200_rising_star_places.ts';
import * as fictionsUpdatedIndex from './2026_11_28_1300_fictions_updated_index.ts';
import * as risingStarMainEntrants from './2026_11_28_1400_rising_star_main_entrants.ts';
import * as notificationsUnreadIndex from './2026_11_28_1500_notifications_unread_index.ts';
import * as sessions from './2026_11_29_1000_sessions.ts';
import * as deliveryRecipient from './2026_11_29_1100_delivery_recipient.ts';
import * as descriptionEscapes from './2026_11_30_1000_description_escapes.ts';
import * as rateLimits from './2026_12_01_1000_rate_limits.ts';
import * as leasesAndPace from './2026_12_01_2000_leases_and_pace.ts';
import * as changeNotifications from './2026_12_05_1000_change_notifications.ts';
import * as authorDesk from './2026_12_10_1000_author_desk.ts';

/** Every migration, by name; names sort in the order they run. Landed migrations never change. */
export const migrations: Record<string, Migration> = {
  '2026_11_21_1000_users': users,
  '2026_11_21_1100_scraping': scraping,
  '2026_11_21_1200_user_fictions': userFictions,
  '2026_11_21_1300_token_version': tokenVersion,
  '2026_11_21_1400_donations': donations,
  '2026_11_21_1500_list_version': listVersion,
  '2026_11_25_1000_refresh_requests': refreshRequests,
  '2026_11_25_1100_subscriptions': subscriptions,
  '2026_11_26_1000_email_verification': emailVerification,
  '2026_11_26_1100_oauth_exchange_codes': oauthExchangeCodes,
  '2026_11_26_1110_donation_client_secrets': donationClientSecrets,
  '2026_11_26_1200_scrape_attempts': scrapeAttempts,
  '2026_11_27_1900_discovery': discovery,
  '2026_11_27_1700_notifications': notifications,
  '2026_11_28_1200_rising_star_places': risingStarPlaces,
  '2026_11_28_1300_fictions_updated_index': fictionsUpdatedIndex,
  '2026_11_28_1400_rising_star_main_entrants': risingStarMainEntrants,
  '2026_11_28_1500_notifications_unread_index': notificationsUnreadIndex,
  '2026_11_29_1000_sessions': sessions,
  '2026_11_29_1100_delivery_recipient': deliveryRecipient,
  '2026_11_30_1000_description_escapes': descriptionEscapes,
  '2026_12_01_1000_rate_limits': rateLimits,
  '2026_12_01_2000_leases_and_pace': leasesAndPace,
  '2026_12_05_1000_change_notifications': changeNotifications,
  '2026_12_10_1000_author_desk': authorDesk,
};
