import { MODULE_TITLES } from '@pd/contracts';
import { useSession } from '../auth/authContext.ts';

/** The product mark; it leads to the user's module home. */
export function Brand() {
  const { home } = useSession();
  return (
    <a className="brand" href={`#/${home}`}>
      <img src="/favicon.svg" alt="" width={28} height={28} />
      <span className="brand__name">Practice Desk</span>
      <span className="brand__module">{MODULE_TITLES[home]}</span>
    </a>
  );
}
