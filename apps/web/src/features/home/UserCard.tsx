import { isAdministrator } from '@pd/contracts';
import { Card } from 'primereact/card';
import { useSession } from '../../app/auth/authContext.ts';

export function UserCard() {
  const { user } = useSession();
  return (
    <Card title={<h2 className="card-title">Signed in as</h2>} className="home-card">
      <dl className="details" data-testid="user-details">
        <dt>Name</dt>
        <dd>{user.displayName}</dd>
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Access</dt>
        <dd>{isAdministrator(user) ? 'Administrator' : 'Staff'}</dd>
      </dl>
    </Card>
  );
}
