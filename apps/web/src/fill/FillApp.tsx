import type { PublicForm } from '@pd/contracts';
import { useCallback, useEffect, useState } from 'react';
import { FillForm } from './FillForm.tsx';
import { openForm } from './fillApi.ts';
import { Loading, Screen } from './Screens.tsx';

type Load =
  | { state: 'loading' }
  | { state: 'ready'; form: PublicForm }
  | { state: 'gone'; message: string }
  | { state: 'missing' }
  | { state: 'failed'; message: string };

/** The link's token, from the fragment (`/f#<token>`): browsers never send it to a server or a log. */
const tokenOfPage = () => decodeURIComponent(location.hash.replace(/^#\/?/, ''));

/** The public fill page: the link's form, or why it cannot be filled in. */
export function FillApp() {
  const [token] = useState(tokenOfPage);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [finished, setFinished] = useState<'thanks' | 'kiosk' | null>(null);

  const fetchForm = useCallback(async () => {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return setLoad({ state: 'missing' });
    setLoad({ state: 'loading' });
    const result = await openForm(token);
    if (result.ok) {
      document.title = `${result.value.definition.title} · ${result.value.practiceName}`;
      return setLoad({ state: 'ready', form: result.value });
    }
    if (result.status === 410) return setLoad({ state: 'gone', message: result.message });
    if (result.status === 404 || result.status === 400) return setLoad({ state: 'missing' });
    setLoad({ state: 'failed', message: result.message });
  }, [token]);

  useEffect(() => {
    void fetchForm();
  }, [fetchForm]);

  if (finished === 'kiosk')
    return (
      <Screen title="Thank you" testId="fill-kiosk-done" tone="done">
        <p className="fill-screen__big">Please hand the tablet back to reception.</p>
      </Screen>
    );
  if (finished === 'thanks' && load.state === 'ready')
    return (
      <Screen title="Thank you" testId="fill-thanks" tone="done">
        <p>{load.form.practiceName} has received your form. You can close this page.</p>
      </Screen>
    );
  switch (load.state) {
    case 'loading':
      return <Loading />;
    case 'gone':
      return (
        <Screen title="This link can no longer be used" testId="fill-gone" tone="problem">
          <p>{load.message}</p>
        </Screen>
      );
    case 'missing':
      return (
        <Screen title="This link is not valid" testId="fill-missing" tone="problem">
          <p>Check that you opened the whole link from your message, or ask the practice to send it again.</p>
        </Screen>
      );
    case 'failed':
      return (
        <Screen title="The form could not be loaded" testId="fill-failed" tone="problem">
          <p>{load.message}</p>
          <button type="button" className="fill-button" onClick={() => void fetchForm()}>
            Try again
          </button>
        </Screen>
      );
    case 'ready':
      return (
        <FillForm
          token={token}
          form={load.form}
          onGone={(message) => setLoad({ state: 'gone', message })}
          onDone={() => {
            // The token leaves the address bar: the next person at a kiosk cannot come back to it.
            history.replaceState(null, '', '/f');
            setFinished(load.form.kiosk ? 'kiosk' : 'thanks');
          }}
        />
      );
  }
}
