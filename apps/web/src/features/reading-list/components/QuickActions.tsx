import { useState } from 'react';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { AddFictionForm } from './AddFictionForm.tsx';

export function QuickActions({ onAdded }: { onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <Card
      title="Quick Actions"
      actions={
        <Button
          variant={open ? 'secondary' : 'primary'}
          aria-expanded={open}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? 'Hide Add Fiction' : 'Add Fiction'}
        </Button>
      }
    >
      {open ? (
        <AddFictionForm onAdded={onAdded} />
      ) : (
        <p className="text-sm text-slate-600">Add a fiction from Royal Road to start tracking it.</p>
      )}
    </Card>
  );
}
