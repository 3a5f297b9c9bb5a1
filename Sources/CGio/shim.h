#ifndef NUDGE_CGIO_SHIM_H
#define NUDGE_CGIO_SHIM_H

/* GIO's D-Bus client and its fd lists, for logind on the system bus; GSettings, for the
   desktop's clock format. */
#include <gio/gio.h>
#include <gio/gunixfdlist.h>

#endif
