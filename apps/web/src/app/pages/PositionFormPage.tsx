import { useNavigate } from 'react-router';
import { FavoritePicker } from '../../features/reading-list/components/FavoritePicker.tsx';
import { PositionForm } from '../../features/rising-stars/PositionForm.tsx';
import { useSession } from '../../lib/session.ts';

/** The Position Calculator's form, where a signed-in reader may also pick one of their favorites. */
export function PositionFormPage() {
  const { status } = useSession();
  const navigate = useNavigate();
  return (
    <PositionForm
      more={
        status === 'signed-in' && (
          <FavoritePicker onPick={(royalroadId) => navigate(`/rising-stars-position/${royalroadId}`)} />
        )
      }
    />
  );
}
