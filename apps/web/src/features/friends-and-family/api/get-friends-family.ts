import { friendsFamilyResponseSchema, type FriendsFamilyCoupon } from '@legiao/contracts/friends-family';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/api/http';

/** GET /friends-family: the staff member's 5 coupons of the month (others get 403). */
export async function getFriendsFamily(signal?: AbortSignal): Promise<FriendsFamilyCoupon[]> {
  return friendsFamilyResponseSchema.parse(await http('/friends-family', { signal }));
}

export function useFriendsFamily() {
  return useQuery({ queryKey: ['friends-family'], queryFn: ({ signal }) => getFriendsFamily(signal), staleTime: 30_000 });
}
