// The back office's list toolkit (DESIGN §9 Lists). The URL half is ~/lib/list-params, the SQL half
// ~/lib/list-query.server; see docs in list-params.ts and the inbox (app/routes/admin/inbox/list.tsx) for use.
export { useListView, type ListView } from "./use-list";
export { ListToolbar, SearchBox, FilterSelect, DateFilter } from "./toolbar";
export { SortHeader, SortLinks } from "./sort-header";
export { ListTable, HeadCell, cellClass, headCellClass } from "./table";
export { Pagination } from "./pagination";
export { EmptyState, clearHref } from "./empty-state";
export { DhakaTime, formatDhakaDate, formatDhakaDateTime, formatDhakaTime } from "./date-time";
export { RecordRouteError } from "./route-error";
export { Detail } from "./detail";
export { ListSkeleton, useListLoading } from "./skeleton";
