import { Card } from '../../components/ui/Card.tsx';

const TIPS = [
  'Paste a Royal Road fiction link to add it to your list; new fictions start as favorites.',
  'Drag your favorites into the order you like; the order is saved for you.',
  'Open any fiction to see its followers, views and scores charted over time.',
  'Rising Stars badges show where each fiction ranks per genre, and which way it is moving.',
  "'Download my data' under Your List saves your whole list, with every fiction's history, as a ZIP file.",
];

export function WelcomeCard({ name }: { name: string }) {
  return (
    <Card title={`Welcome to RR Companion, ${name}!`}>
      <p className="text-sm text-slate-600">A few things you can do here:</p>
      <ul className="mt-3 space-y-2 text-sm text-slate-700">
        {TIPS.map((tip) => (
          <li key={tip} className="flex gap-2">
            <span aria-hidden="true" className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-accent-500" />
            {tip}
          </li>
        ))}
      </ul>
    </Card>
  );
}
