import { LegalLinks } from './LegalLinks.tsx';
import { Prose } from './Prose.tsx';

export function PrivacyPage() {
  return (
    <Prose
      title="Privacy Policy"
      lead="Last updated November 2026. In short: we keep what the service needs, nothing more, and we never sell it."
    >
      <h2>Who may use RR Companion</h2>
      <p>
        You must be at least 13 years old to create an account. We do not knowingly collect personal
        information from children under 13; if you believe a child has given us information, tell us and we
        will delete it.
      </p>

      <h2>What we keep</h2>
      <ul>
        <li>
          Your account: email address, optional name, and a one-way hash of your password (never the password
          itself).
        </li>
        <li>
          If you sign in with an external provider, the provider's account id and the email it shares with us.
        </li>
        <li>Your list: the fictions you added, their reading status, progress, favorites and order.</li>
        <li>
          Donations: the payment provider's reference, tier, amount and status. Card details go straight to
          the payment provider and never reach our servers.
        </li>
        <li>When you last signed in, to count active users.</li>
      </ul>

      <h2>What we store in your browser</h2>
      <p>
        Your sign-in token, your account details for display, and your cookie choice are kept in your
        browser's local storage. We use no advertising or tracking cookies and no third-party analytics.
      </p>

      <h2>Public data</h2>
      <p>
        Fiction statistics and Rising Stars rankings are gathered from Royal Road's public pages. They
        describe fictions, not readers.
      </p>

      <h2>Your choices</h2>
      <ul>
        <li>
          Download your data from your dashboard at any time ('Download my data'): your list, and the history
          of every fiction in it, as a ZIP file.
        </li>
        <li>Change your name, email or password from the dashboard.</li>
        <li>Ask us to delete your account and everything linked to it.</li>
      </ul>

      <h2>Security</h2>
      <p>
        Passwords are hashed with Argon2id, connections are encrypted, and access to your list is limited to
        your own account.
      </p>
      <LegalLinks other="terms" />
    </Prose>
  );
}
