// The back office's shared UI (docs/decisions/0027-back-office.md). Area pages import from here.
export { DataTable, adminTableFeatures, type AdminColumn } from './data-table';
export { useListParams, type ListParams } from './use-list-params';
export { TextFilter, SelectFilter, DateFilter } from './filters';
export { ConfirmDialog } from './confirm-dialog';
export { notifySuccess, notifyError, toast } from './toast';
export { useAdminForm, FieldShell, TextInput, TextArea, SelectInput, CheckboxInput, FormActions } from './form';
export { LoadingState, EmptyState, ErrorState, NoPermissionState } from './states';
export { PageHeader } from './page-header';
export { useStaff, Can } from '../staff/staff-context';
