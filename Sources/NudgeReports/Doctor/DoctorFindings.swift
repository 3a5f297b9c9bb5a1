/// What `nudge doctor` finds that needs no daemon, bus or sound to see: the backups, the disk's
/// encryption, whether the store and its backups can be written, and the installation.
public enum DoctorFindings {}
