import { createContext, useContext, type ReactNode } from 'react';
import { can, type Permission } from '@legiao/contracts/admin/roles';
import type { StaffMe } from '@legiao/contracts/admin/equipe';

const StaffContext = createContext<StaffMe | null>(null);

export function StaffProvider({ staff, children }: { staff: StaffMe; children: ReactNode }) {
  return <StaffContext.Provider value={staff}>{children}</StaffContext.Provider>;
}

export interface StaffView extends StaffMe {
  can: (permission: Permission) => boolean;
}

/**
 * The staff member using the back office (set by AdminApp once GET /api/admin/eu answered). The
 * UI mirrors the server's permissions with `can`; the server still checks every call.
 */
export function useStaff(): StaffView {
  const staff = useContext(StaffContext);
  if (!staff) throw new Error('useStaff fora do back office (StaffProvider)');
  return { ...staff, can: (permission) => can(staff.papeis, permission) };
}

/** Renders children only for a staff member with the permission (else `fallback`). */
export function Can({ permission, children, fallback = null }: { permission: Permission; children: ReactNode; fallback?: ReactNode }) {
  return useStaff().can(permission) ? children : fallback;
}
