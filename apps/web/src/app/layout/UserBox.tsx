import { Button } from 'primereact/button';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useAuth, useSession } from '../auth/authContext.ts';

function initials(name: string): string {
  const parts = name.split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts.at(-1)?.[0] ?? '') : '')).toUpperCase();
}

/** Who is signed in, for which company, and the way out. */
export function UserBox() {
  const { signOut } = useAuth();
  const { user, company } = useSession();
  const [leaving, setLeaving] = useState(false);
  const { pathname } = useLocation();
  return (
    <div className="user-box">
      <span className="user-box__avatar" aria-hidden="true">
        {initials(user.displayName)}
      </span>
      <span className="user-box__who" data-testid="signed-in-user">
        <span className="user-box__name">{user.displayName}</span>
        <span className="user-box__company">{company.name}</span>
      </span>
      {/* Company set-up: everyone reads it, administrators change it. */}
      <a
        href="#/settings"
        className="p-button p-button-outlined p-button-sm no-underline"
        aria-current={pathname === '/settings' ? 'page' : undefined}
      >
        <span className="p-button-icon p-button-icon-left pi pi-cog" aria-hidden="true" />
        <span className="p-button-label">Settings</span>
      </a>
      <Button
        type="button"
        label="Sign out"
        icon="pi pi-sign-out"
        size="small"
        outlined
        loading={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut();
        }}
      />
    </div>
  );
}
